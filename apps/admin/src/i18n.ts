/**
 * The console's strings: Chinese (simplified) by default, English by toggle. The console is for operators; the
 * 9-locale rule of the viewer app does not apply here. `en-us` must have every key of `zh-cn` (checked by tsc).
 */
import { useSyncExternalStore } from 'react';

const zhCN = {
  'app.title': 'OpenVod 控制台',
  'app.short': 'OpenVod',
  'nav.titles': '影片',
  'nav.categories': '分类',
  'nav.import': '采集导入',
  'nav.signOut': '退出登录',
  'nav.language': 'English',

  'login.title': '控制台登录',
  'login.name': '账号',
  'login.pwd': '密码',
  'login.submit': '登录',
  'login.required': '请输入{field}',
  'login.expired': '登录已过期，请重新登录',

  'common.all': '全部',
  'common.save': '保存',
  'common.cancel': '取消',
  'common.edit': '编辑',
  'common.delete': '删除',
  'common.create': '新建',
  'common.back': '返回',
  'common.reload': '刷新',
  'common.actions': '操作',
  'common.yes': '是',
  'common.no': '否',
  'common.saved': '已保存',
  'common.deleted': '已删除',
  'common.noChanges': '没有改动',
  'common.networkError': '网络错误，请稍后重试',
  'common.loadFailed': '加载失败',
  'common.total': '共 {n} 条',
  'common.confirmDelete': '确定删除“{name}”？',

  'vod.search': '搜索片名',
  'vod.filterType': '分类',
  'vod.filterStatus': '状态',
  'vod.published': '已发布',
  'vod.unpublished': '未发布',
  'vod.col.pic': '海报',
  'vod.col.name': '片名',
  'vod.col.type': '分类',
  'vod.col.remarks': '备注',
  'vod.col.time': '更新时间',
  'vod.col.status': '发布',
  'vod.col.lock': '锁定',
  'vod.lockHint': '锁定后采集不会覆盖此影片',
  'vod.edit.title': '编辑影片',
  'vod.section.basic': '基本信息',
  'vod.section.meta': '演职人员与属性',
  'vod.section.text': '简介',
  'vod.section.play': '播放数据',
  'vod.section.preview': '已解析的播放源（已保存的数据）',
  'vod.f.type_id': '分类',
  'vod.f.vod_name': '片名',
  'vod.f.vod_sub': '副标题',
  'vod.f.vod_en': '英文名/拼音',
  'vod.f.vod_pic': '海报地址',
  'vod.f.vod_remarks': '备注',
  'vod.f.vod_serial': '连载',
  'vod.f.vod_total': '总集数',
  'vod.f.vod_isend': '已完结',
  'vod.f.vod_class': '扩展分类',
  'vod.f.vod_actor': '主演',
  'vod.f.vod_director': '导演',
  'vod.f.vod_area': '地区',
  'vod.f.vod_lang': '语言',
  'vod.f.vod_year': '年份',
  'vod.f.vod_level': '推荐等级',
  'vod.f.vod_blurb': '摘要',
  'vod.f.vod_content': '详细介绍',
  'vod.f.vod_status': '发布',
  'vod.f.vod_lock': '锁定',
  'vod.f.vod_play_from': '播放器 (vod_play_from)',
  'vod.f.vod_play_server': '服务器组 (vod_play_server)',
  'vod.f.vod_play_note': '备注 (vod_play_note)',
  'vod.f.vod_play_url': '播放地址 (vod_play_url)',
  'vod.level.0': '0 不推荐',
  'vod.level.9': '9 幻灯片',
  'vod.playHelp': '多个播放源之间用 $$$ 分隔，剧集之间用 # 分隔，集名与地址之间用 $ 分隔。',
  'vod.preview.sid': '源',
  'vod.preview.from': '播放器',
  'vod.preview.server': '服务器',
  'vod.preview.note': '备注',
  'vod.preview.episodes': '{n} 集',
  'vod.preview.nid': '集',
  'vod.preview.name': '名称',
  'vod.preview.url': '地址',
  'vod.preview.empty': '没有播放源',
  'vod.hits': '点击',
  'vod.id': 'ID',

  'type.title': '分类',
  'type.create': '新建分类',
  'type.createChild': '添加子分类',
  'type.edit': '编辑分类',
  'type.col.name': '名称',
  'type.col.en': '英文名',
  'type.col.id': 'ID',
  'type.col.mid': '模型',
  'type.col.sort': '排序',
  'type.col.status': '启用',
  'type.mid.1': '视频',
  'type.mid.2': '文章',
  'type.f.type_name': '名称',
  'type.f.type_en': '英文名',
  'type.f.type_pid': '上级分类',
  'type.f.type_mid': '模型',
  'type.f.type_sort': '排序',
  'type.f.type_status': '启用',
  'type.f.type_pic': '图片地址',
  'type.f.type_logo': '图标地址',
  'type.f.extend': '筛选选项（逗号分隔）',
  'type.x.class': '类型',
  'type.x.area': '地区',
  'type.x.lang': '语言',
  'type.x.year': '年份',
  'type.x.star': '明星',
  'type.x.director': '导演',
  'type.x.state': '资源',
  'type.x.version': '版本',
  'type.top': '顶级分类',
  'type.bindings': '采集分类绑定',
  'type.bindingsHelp': '把采集源的远程分类绑定到本地分类，导入时按绑定入库。',
  'type.bind.key': '采集源',
  'type.bind.remoteId': '远程分类 ID',
  'type.bind.remoteName': '远程分类名',
  'type.bind.local': '本地分类',
  'type.bind.unbound': '未绑定',
  'type.bind.saved': '绑定已保存',
  'type.bind.empty': '还没有绑定，导入采集数据后这里会列出远程分类。',

  'import.title': '采集导入',
  'import.help': '从 MacCMS 采集接口或导出的数据文件导入影片。已锁定的影片不会被覆盖。',
  'import.url': '采集接口地址',
  'import.urlPlaceholder': 'https://example.com/api.php/provide/vod/',
  'import.urlInvalid': '请输入 http(s) 地址',
  'import.hours': '只采集最近 N 小时更新',
  'import.hoursPlaceholder': '全部',
  'import.or': '或者',
  'import.file': '上传数据文件 (.json / .xml)',
  'import.chooseFile': '选择文件',
  'import.noFile': '未选择文件',
  'import.fileReadFailed': '无法读取文件',
  'import.needSource': '请填写采集地址或选择文件',
  'import.submit': '开始导入',
  'import.running': '正在导入，可能需要一些时间…',
  'import.done': '导入完成',
  'import.failed': '导入失败',
  'import.added': '新增',
  'import.updated': '更新',
  'import.unchanged': '未变化',
  'import.skipped': '跳过',
  'import.typesCreated': '新建分类',
  'import.pages': '页数',
  'import.skippedTitle': '跳过的条目',
  'import.skippedName': '片名',
  'import.skippedReason': '原因',
  'import.source': '来源',
} as const;

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  'app.title': 'OpenVod Console',
  'app.short': 'OpenVod',
  'nav.titles': 'Titles',
  'nav.categories': 'Categories',
  'nav.import': 'Import',
  'nav.signOut': 'Sign out',
  'nav.language': '中文',

  'login.title': 'Console sign-in',
  'login.name': 'Account',
  'login.pwd': 'Password',
  'login.submit': 'Sign in',
  'login.required': 'Please enter the {field}',
  'login.expired': 'Your session has expired. Please sign in again.',

  'common.all': 'All',
  'common.save': 'Save',
  'common.cancel': 'Cancel',
  'common.edit': 'Edit',
  'common.delete': 'Delete',
  'common.create': 'New',
  'common.back': 'Back',
  'common.reload': 'Reload',
  'common.actions': 'Actions',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.saved': 'Saved',
  'common.deleted': 'Deleted',
  'common.noChanges': 'Nothing changed',
  'common.networkError': 'Network error, please try again',
  'common.loadFailed': 'Could not load',
  'common.total': '{n} in total',
  'common.confirmDelete': 'Delete "{name}"?',

  'vod.search': 'Search titles',
  'vod.filterType': 'Category',
  'vod.filterStatus': 'Status',
  'vod.published': 'Published',
  'vod.unpublished': 'Unpublished',
  'vod.col.pic': 'Poster',
  'vod.col.name': 'Name',
  'vod.col.type': 'Category',
  'vod.col.remarks': 'Remarks',
  'vod.col.time': 'Updated',
  'vod.col.status': 'Published',
  'vod.col.lock': 'Locked',
  'vod.lockHint': 'Imports never overwrite a locked title',
  'vod.edit.title': 'Edit title',
  'vod.section.basic': 'Basics',
  'vod.section.meta': 'Cast and attributes',
  'vod.section.text': 'Description',
  'vod.section.play': 'Play data',
  'vod.section.preview': 'Parsed sources (as saved)',
  'vod.f.type_id': 'Category',
  'vod.f.vod_name': 'Name',
  'vod.f.vod_sub': 'Subtitle',
  'vod.f.vod_en': 'English name / pinyin',
  'vod.f.vod_pic': 'Poster URL',
  'vod.f.vod_remarks': 'Remarks',
  'vod.f.vod_serial': 'Serial',
  'vod.f.vod_total': 'Episodes in total',
  'vod.f.vod_isend': 'Finished',
  'vod.f.vod_class': 'Genres',
  'vod.f.vod_actor': 'Cast',
  'vod.f.vod_director': 'Director',
  'vod.f.vod_area': 'Area',
  'vod.f.vod_lang': 'Language',
  'vod.f.vod_year': 'Year',
  'vod.f.vod_level': 'Level',
  'vod.f.vod_blurb': 'Blurb',
  'vod.f.vod_content': 'Description',
  'vod.f.vod_status': 'Published',
  'vod.f.vod_lock': 'Locked',
  'vod.f.vod_play_from': 'Players (vod_play_from)',
  'vod.f.vod_play_server': 'Server groups (vod_play_server)',
  'vod.f.vod_play_note': 'Notes (vod_play_note)',
  'vod.f.vod_play_url': 'Play URLs (vod_play_url)',
  'vod.level.0': '0 not recommended',
  'vod.level.9': '9 slideshow',
  'vod.playHelp': '$$$ between sources, # between episodes, $ between an episode name and its URL.',
  'vod.preview.sid': 'Source',
  'vod.preview.from': 'Player',
  'vod.preview.server': 'Server',
  'vod.preview.note': 'Note',
  'vod.preview.episodes': '{n} episodes',
  'vod.preview.nid': 'No.',
  'vod.preview.name': 'Name',
  'vod.preview.url': 'URL',
  'vod.preview.empty': 'No sources',
  'vod.hits': 'Hits',
  'vod.id': 'ID',

  'type.title': 'Categories',
  'type.create': 'New category',
  'type.createChild': 'Add sub-category',
  'type.edit': 'Edit category',
  'type.col.name': 'Name',
  'type.col.en': 'English name',
  'type.col.id': 'ID',
  'type.col.mid': 'Model',
  'type.col.sort': 'Sort',
  'type.col.status': 'Enabled',
  'type.mid.1': 'Video',
  'type.mid.2': 'Article',
  'type.f.type_name': 'Name',
  'type.f.type_en': 'English name',
  'type.f.type_pid': 'Parent',
  'type.f.type_mid': 'Model',
  'type.f.type_sort': 'Sort',
  'type.f.type_status': 'Enabled',
  'type.f.type_pic': 'Image URL',
  'type.f.type_logo': 'Logo URL',
  'type.f.extend': 'Filter options (comma-separated)',
  'type.x.class': 'Genre',
  'type.x.area': 'Area',
  'type.x.lang': 'Language',
  'type.x.year': 'Year',
  'type.x.star': 'Stars',
  'type.x.director': 'Director',
  'type.x.state': 'State',
  'type.x.version': 'Version',
  'type.top': 'Top level',
  'type.bindings': 'Import category bindings',
  'type.bindingsHelp': 'Bind the categories of a collect feed to local categories; imports file titles accordingly.',
  'type.bind.key': 'Feed',
  'type.bind.remoteId': 'Remote id',
  'type.bind.remoteName': 'Remote category',
  'type.bind.local': 'Local category',
  'type.bind.unbound': 'Not bound',
  'type.bind.saved': 'Binding saved',
  'type.bind.empty': 'No bindings yet. Remote categories appear here after an import.',

  'import.title': 'Import',
  'import.help':
    'Import titles from a MacCMS collect API or an exported feed file. Locked titles are never overwritten.',
  'import.url': 'Collect API URL',
  'import.urlPlaceholder': 'https://example.com/api.php/provide/vod/',
  'import.urlInvalid': 'Enter an http(s) URL',
  'import.hours': 'Only titles updated in the last N hours',
  'import.hoursPlaceholder': 'All',
  'import.or': 'or',
  'import.file': 'Upload a feed file (.json / .xml)',
  'import.chooseFile': 'Choose file',
  'import.noFile': 'No file chosen',
  'import.fileReadFailed': 'Could not read the file',
  'import.needSource': 'Enter a collect URL or choose a file',
  'import.submit': 'Import',
  'import.running': 'Importing, this can take a while…',
  'import.done': 'Import finished',
  'import.failed': 'Import failed',
  'import.added': 'Added',
  'import.updated': 'Updated',
  'import.unchanged': 'Unchanged',
  'import.skipped': 'Skipped',
  'import.typesCreated': 'Categories created',
  'import.pages': 'Pages',
  'import.skippedTitle': 'Skipped items',
  'import.skippedName': 'Title',
  'import.skippedReason': 'Reason',
  'import.source': 'Source',
};

export type Lang = 'zh-cn' | 'en-us';
const dictionaries: Record<Lang, Record<MessageKey, string>> = { 'zh-cn': zhCN, 'en-us': enUS };

/** The `Accept-Language` value of each console language. */
export const ACCEPT_LANGUAGE: Record<Lang, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US' };

const STORAGE_KEY = 'openvod.admin.lang';
const listeners = new Set<() => void>();

function readStored(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en-us' ? 'en-us' : 'zh-cn';
  } catch {
    return 'zh-cn';
  }
}

let current: Lang = readStored();

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.lang = ACCEPT_LANGUAGE[lang];
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translate a key, replacing `{name}` placeholders with `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[lang][key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The current language and its translate function; re-renders on toggle. */
export function useI18n(): { lang: Lang; t: Translate; setLang: (lang: Lang) => void } {
  const lang = useSyncExternalStore(subscribe, getLang);
  const t: Translate = (key, vars) => translate(lang, key, vars);
  return { lang, t, setLang };
}
