/**
 * Map settings (the location pages /choose-location and /open-location; modules/places): the tile URL template the
 * app's maps load (`{z}/{x}/{y}`, optional `{s}`), its attribution, the Nominatim-compatible geocoder the server
 * asks for searches and addresses, the contact sent to it (Nominatim's usage policy wants one for its public
 * server), and whether the geocoder may be on a private network (a self-hosted Nominatim on the LAN). Calls
 * adminGetPlacesSettings and adminSavePlacesSettings. A saved setting is used at once: the app reads the tiles through
 * getMapConfig, the CSP names the tile host on the next page served.
 */
import type { PlacesSettings } from '@openvod/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Switch, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { LoadError, PageSpin, useAction } from '../../ui.tsx';

const KEY = ['admin', 'places-settings'] as const;
const OSM_DEFAULTS = {
  tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  geocoder_url: 'https://nominatim.openstreetmap.org',
};

function SettingsForm({ info }: { info: PlacesSettings }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [form] = Form.useForm<PlacesSettings>();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useAction({
    mutationFn: (body: PlacesSettings) => call('adminSavePlacesSettings', { body }),
    onSuccess: (res) => {
      queryClient.setQueryData(KEY, res.info);
      form.setFieldsValue(res.info);
    },
  });

  function onFinish(v: PlacesSettings) {
    setServerError(null);
    save.mutate(v, {
      onError: (e) => {
        setServerError(errorMessage(e, t('common.networkError')));
        if (e instanceof ApiError && e.field)
          form.setFields([{ name: e.field as keyof PlacesSettings, errors: [e.message] }]);
      },
    });
  }

  return (
    <Form<PlacesSettings>
      form={form}
      layout="vertical"
      initialValues={info}
      onFinish={onFinish}
      onValuesChange={() => serverError && setServerError(null)}
      style={{ maxWidth: 720 }}
    >
      {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} />}
      <Card title={t('map.tiles')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('map.tilesHelp')}</Typography.Paragraph>
        <Form.Item
          name="tile_url"
          label={t('map.tileUrl')}
          rules={[
            { required: true, message: t('map.tileUrlInvalid') },
            {
              pattern: /^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/,
              message: t('map.tileUrlInvalid'),
            },
          ]}
        >
          <Input data-testid="map-tile-url" placeholder={OSM_DEFAULTS.tile_url} />
        </Form.Item>
        <Form.Item name="attribution" label={t('map.attribution')}>
          <Input data-testid="map-attribution" maxLength={300} placeholder={OSM_DEFAULTS.attribution} />
        </Form.Item>
      </Card>
      <Card title={t('map.geocoder')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('map.geocoderHelp')}</Typography.Paragraph>
        <Form.Item
          name="geocoder_url"
          label={t('map.geocoderUrl')}
          rules={[{ required: true, pattern: /^https?:\/\/\S+$/, message: t('map.geocoderUrlInvalid') }]}
        >
          <Input data-testid="map-geocoder-url" placeholder={OSM_DEFAULTS.geocoder_url} />
        </Form.Item>
        <Form.Item name="contact" label={t('map.contact')} extra={t('map.contactHelp')}>
          <Input data-testid="map-contact" maxLength={200} placeholder="ops@example.com" />
        </Form.Item>
        <Form.Item
          name="geocoder_private"
          label={t('map.private')}
          extra={t('map.privateHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="map-private" />
        </Form.Item>
      </Card>
      <Button onClick={() => form.setFieldsValue(OSM_DEFAULTS)} style={{ marginRight: 8 }} data-testid="map-defaults">
        {t('map.useOsm')}
      </Button>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="map-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}

export default function MapSettingsPage() {
  const { t } = useI18n();
  const q = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call('adminGetPlacesSettings', { signal }).then((r) => r.info),
  });
  return (
    <>
      <Typography.Title level={3}>{t('nav.mapSettings')}</Typography.Title>
      <LoadError error={q.error} />
      {q.data ? <SettingsForm info={q.data} /> : q.isPending && <PageSpin />}
    </>
  );
}
