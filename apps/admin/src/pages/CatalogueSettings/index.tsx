/**
 * Catalogue settings (issue 4 item 6, spec §3): the special category ids the viewer app uses for short videos, small
 * videos, the gallery (wallpapers), live TV and playlets (0 = found by the conventional `type_sort`, where there is
 * one), the hot search words of the search page (empty = the most searched words), and the rights a new category
 * gets in every group (an import's or the console's; `new_type_rights`: guest, member, VIP groups). Calls
 * adminGetCatalogueSettings and adminUpdateCatalogueSettings (only the changed parts are sent).
 */
import type { CatalogueSettings, CategoryBase, NewTypeRights, SpecialTypes } from '@openvod/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Checkbox, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage } from '../../api.ts';
import { type MessageKey, type Translate, useI18n } from '../../i18n.ts';
import { keys, useCatalogueSettings, useTypes } from '../../queries.ts';
import { LoadError, PageSpin, useAction } from '../../ui.tsx';

/** Each special category and the `type_sort` that finds it when its id is 0 (null: none, so 0 means "off"). */
const SPECIAL: Array<[keyof SpecialTypes, number | null]> = [
  ['app_shortvideo_typeid', 999],
  ['app_smallvideo_typeid', 1000],
  ['app_gallery_typeid', 1001],
  ['app_live_typeid', null],
  ['app_playlet_typeid', null],
];
const HOT_MAX = 30;
/** Kinds of group in `new_type_rights`: guest (1), member (2), VIP (every group above 2). */
const KINDS: Array<keyof NewTypeRights> = ['guest', 'member', 'vip'];
const RIGHTS = [1, 2, 3, 4, 5];
const sortedRights = (list: number[] | undefined) => [...new Set(list ?? [])].sort((a, b) => a - b);
const WORD_MAX = 32;

function autoLabel(sort: number | null, types: CategoryBase[], t: Translate): string {
  if (sort === null) return t('cat.none');
  const found = types.find((c) => c.type_pid === 0 && c.type_sort === sort);
  return found ? t('cat.autoFound', { sort, name: found.type_name }) : t('cat.autoMissing', { sort });
}

function SettingsForm({ info, types }: { info: CatalogueSettings; types: CategoryBase[] }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<CatalogueSettings>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [base, setBase] = useState(info);
  const save = useAction({
    mutationFn: (body: Body<'adminUpdateCatalogueSettings'>) => call('adminUpdateCatalogueSettings', { body }),
    invalidate: [keys.types],
    onSuccess: (res) => {
      queryClient.setQueryData(keys.catalogueSettings, res.info);
      setBase(res.info);
      form.setFieldsValue(res.info);
    },
  });
  const tops = types.filter((c) => c.type_pid === 0).sort((a, b) => a.type_sort - b.type_sort || a.type_id - b.type_id);

  function onFinish(v: CatalogueSettings) {
    const body: Body<'adminUpdateCatalogueSettings'> = {};
    const special: Partial<SpecialTypes> = {};
    for (const [key] of SPECIAL) if ((v.special[key] ?? 0) !== base.special[key]) special[key] = v.special[key] ?? 0;
    if (Object.keys(special).length) body.special = special;
    const words = (v.hot_search ?? []).map((w) => w.trim()).filter(Boolean);
    if (words.join('\n') !== base.hot_search.join('\n')) body.hot_search = words;
    const rights = Object.fromEntries(
      KINDS.map((k) => [k, sortedRights(v.new_type_rights?.[k] ?? base.new_type_rights[k])]),
    ) as NewTypeRights;
    if (JSON.stringify(rights) !== JSON.stringify(base.new_type_rights)) body.new_type_rights = rights;
    if (!body.special && !body.hot_search && !body.new_type_rights) {
      setServerError(null);
      form.setFieldsValue(base);
      message.info(t('common.noChanges'));
      return;
    }
    setServerError(null);
    save.mutate(body, {
      onError: (e) => {
        setServerError(errorMessage(e, t('common.networkError')));
        const [head, sub] = e instanceof ApiError && e.field ? e.field.split('.') : [];
        const key = SPECIAL.find(([k]) => k === sub)?.[0];
        if (head === 'special' && key) form.setFields([{ name: ['special', key], errors: [e.message] }]);
        if (head === 'hot_search') form.setFields([{ name: 'hot_search', errors: [e.message] }]);
      },
    });
  }

  return (
    <Form<CatalogueSettings>
      form={form}
      layout="vertical"
      initialValues={info}
      onFinish={onFinish}
      onValuesChange={() => serverError && setServerError(null)}
    >
      {serverError && (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="cat-error" />
      )}
      <Card title={t('cat.special')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('cat.specialHelp')}</Typography.Paragraph>
        <Row gutter={16}>
          {SPECIAL.map(([key, sort]) => (
            <Col xs={24} md={12} xl={8} key={key}>
              <Form.Item name={['special', key]} label={t(`cat.f.${key}` as MessageKey)} tooltip={key}>
                <Select
                  data-testid={`cat-${key}`}
                  showSearch={{ optionFilterProp: 'search' }}
                  options={[
                    { value: 0, label: autoLabel(sort, types, t), search: '0' },
                    ...tops.map((c) => ({
                      value: c.type_id,
                      search: `${c.type_name} ${c.type_en} ${c.type_id}`,
                      label: `${c.type_name} (#${c.type_id})${c.type_status === 1 ? '' : ` · ${t('common.disabled')}`}`,
                    })),
                  ]}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={t('cat.hot')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('cat.hotHelp', { max: HOT_MAX })}</Typography.Paragraph>
        <Form.Item
          name="hot_search"
          rules={[
            {
              validator: async (_r, words: string[] | undefined) => {
                const list = words ?? [];
                if (list.length > HOT_MAX) throw new Error(t('cat.hotTooMany', { max: HOT_MAX }));
                const long = list.find((w) => w.trim().length > WORD_MAX);
                if (long) throw new Error(t('cat.hotTooLong', { word: long, max: WORD_MAX }));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，', '\n']}
            placeholder={t('cat.hotPlaceholder')}
            style={{ width: '100%' }}
            data-testid="cat-hot"
          />
        </Form.Item>
      </Card>
      <Card title={t('cat.newRights')} style={{ marginBottom: 16 }} data-testid="cat-new-rights">
        <Typography.Paragraph type="secondary">{t('cat.newRightsHelp')}</Typography.Paragraph>
        {KINDS.map((kind) => (
          <Form.Item
            key={kind}
            name={['new_type_rights', kind]}
            label={t(`cat.newRights.${kind}` as MessageKey)}
            style={{ marginBottom: 12 }}
          >
            <Checkbox.Group
              data-testid={`cat-new-rights-${kind}`}
              options={RIGHTS.map((r) => ({ value: r, label: t(`group.right.${r}` as MessageKey) }))}
            />
          </Form.Item>
        ))}
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="cat-save">
          {t('common.save')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(base);
            setServerError(null);
          }}
        >
          {t('cfg.reset')}
        </Button>
      </Space>
    </Form>
  );
}

export default function CatalogueSettingsPage() {
  const { t } = useI18n();
  const settings = useCatalogueSettings();
  const types = useTypes();
  if (settings.isError || types.isError) {
    return (
      <Card title={t('nav.catalogue')}>
        <LoadError error={settings.error ?? types.error} />
      </Card>
    );
  }
  if (!settings.data || !types.data) return <PageSpin />;
  return <SettingsForm info={settings.data} types={types.data} />;
}
