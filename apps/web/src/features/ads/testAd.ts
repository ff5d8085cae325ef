/** An ad record of spec §3 for tests: an image ad of the player slot (12) unless `over` says otherwise. */
import type { AdItem } from '@openvod/contract';

export const testAd = (over: Partial<AdItem> = {}): AdItem => ({
  ad_id: 1,
  ad_name: 'Demo ad',
  ad_local_type: 12,
  ad_status: 1,
  ad_platform_type: 'h5',
  ad_type: 1,
  ad_width: 0,
  ad_height: 0,
  ad_show_type: 2,
  ad_show_num: 0,
  ad_show_times: 0,
  ad_pic_url: '/media/ads/demo.png',
  ad_url: '',
  ad_video_url: '',
  ad_js_code: '',
  ad_uni_id: '',
  ad_google_id: '',
  ad_sort: 0,
  ad_closable: 1,
  ad_duration: 0,
  ad_start_time: null,
  ad_end_time: null,
  ...over,
});
