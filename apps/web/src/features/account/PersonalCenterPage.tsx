import { useMutation } from '@tanstack/react-query';
import { DatePicker } from 'antd-mobile';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi, type Body } from '../../lib/accountApi';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { toast, toastError } from '../../ui/feedback';
import { CameraIcon, ChevronRightIcon, UserIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { checkRule, Form, PlainForm } from '../../ui/PlainForm';
import { RegionRow } from '../location';
import { localDay } from './launch';
import styles from './PersonalCenterPage.module.css';
import { maskPhone } from './phone';
import { checkNickname } from './validation';

/** A stored birthday (YYYY-MM-DD) as a local date. */
export function parseBirthday(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const GENDERS = [
  { value: 0, key: 'profile.genderUnknown' },
  { value: 1, key: 'profile.genderMale' },
  { value: 2, key: 'profile.genderFemale' },
] as const;

/**
 * Spec §2 account management (me/personal-center): avatar, nickname, gender, birthday, region (the location
 * feature's rows), phone bind.
 */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const fileInput = useRef<HTMLInputElement>(null);
  const [nicknameError, setNicknameError] = useState(false);
  const [pickBirthday, setPickBirthday] = useState(false);

  // The profile writes answer the updated user info; it replaces the stored one (lib/session), which every screen reads.
  const save = useMutation({
    mutationFn: ({ body }: { body: Body<'updateInfo'> }) => accountApi.updateInfo(body),
    onSuccess: (res) => {
      setUser(res.info);
      toast(t('profile.saved'), 'success');
    },
    onError: (err) => toastError(err, t('common.loadingFailed')),
  });
  const avatar = useMutation({
    mutationFn: (file: File) => accountApi.portrait(file, file.name),
    onSuccess: (res) => {
      setUser(res.info);
      toast(t('profile.avatarSaved'), 'success');
    },
    onError: (err) => toastError(err, t('common.loadingFailed')),
  });
  const busy = save.isPending || avatar.isPending;

  if (!user) return null;

  function onAvatar(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) avatar.mutate(file);
  }

  const birthday = parseBirthday(user.user_birthday);
  const now = new Date();

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.personalCenter')} />

      <button
        type="button"
        className={styles.avatarRow}
        onClick={() => fileInput.current?.click()}
        disabled={busy}
        data-testid="profile-avatar"
      >
        <span className={styles.avatar}>
          {user.user_portrait ? <img src={user.user_portrait} alt="" /> : <UserIcon size={34} />}
          <span className={styles.camera}>
            <CameraIcon size={14} />
          </span>
        </span>
        <span className={styles.label}>{t('profile.avatar')}</span>
        <span className={styles.hint}>{t('profile.changeAvatar')}</span>
        <ChevronRightIcon size={16} className={styles.chevron} />
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="ov-visually-hidden"
        onChange={onAvatar}
        data-testid="profile-avatar-input"
        tabIndex={-1}
        aria-hidden="true"
      />

      <section className={styles.group}>
        <div className={styles.row}>
          <span className={styles.label}>{t('profile.userName')}</span>
          <span className={styles.value}>{user.user_name}</span>
        </div>
        <PlainForm
          className={styles.row}
          initialValues={{ nickname: user.user_nick_name ?? '' }}
          onFinishFailed={() => setNicknameError(true)}
          onFinish={({ nickname }: { nickname: string }) => {
            setNicknameError(false);
            save.mutate({ body: { user_nick_name: nickname.trim() } });
          }}
        >
          <label className={styles.label} htmlFor="profile-nickname">
            {t('profile.nickname')}
          </label>
          <Form.Item name="nickname" noStyle rules={[checkRule(checkNickname)]}>
            <input
              id="profile-nickname"
              className={styles.input}
              maxLength={32}
              placeholder={t('profile.nicknamePlaceholder')}
              data-testid="profile-nickname"
            />
          </Form.Item>
          <button type="submit" className={styles.save} disabled={busy} data-testid="profile-nickname-save">
            {t('profile.save')}
          </button>
        </PlainForm>
        {nicknameError && (
          <p className={styles.error} role="alert" data-testid="form-error">
            {t('validation.nicknameEmpty')}
          </p>
        )}
        <div className={styles.row}>
          <span className={styles.label} id="gender-label">
            {t('profile.gender')}
          </span>
          <fieldset className={styles.segments} aria-labelledby="gender-label">
            {GENDERS.map((g) => (
              <button
                key={g.value}
                type="button"
                aria-pressed={user.user_gender === g.value}
                className={styles.segment}
                disabled={busy}
                onClick={() => user.user_gender !== g.value && save.mutate({ body: { user_gender: g.value } })}
                data-testid={`profile-gender-${g.value}`}
              >
                {t(g.key)}
              </button>
            ))}
          </fieldset>
        </div>
        <button
          type="button"
          className={styles.row}
          onClick={() => setPickBirthday(true)}
          data-testid="profile-birthday"
        >
          <span className={styles.label}>{t('profile.birthday')}</span>
          <span className={styles.value}>{user.user_birthday || t('profile.notSet')}</span>
          <ChevronRightIcon size={16} className={styles.chevron} />
        </button>
        <RegionRow
          rowClass={styles.row}
          labelClass={styles.label}
          valueClass={styles.value}
          chevronClass={styles.chevron}
        />
        <Link to={paths.bindPhone} className={styles.row} data-testid="profile-phone">
          <span className={styles.label}>{t('profile.phone')}</span>
          <span className={styles.value}>
            {user.user_phone ? maskPhone(user.user_phone) : t('profile.phoneUnbound')}
          </span>
          <ChevronRightIcon size={16} className={styles.chevron} />
        </Link>
        {user.invitation_code && (
          <div className={styles.row}>
            <span className={styles.label}>{t('profile.invitationCode')}</span>
            <span className={styles.value}>{user.invitation_code}</span>
          </div>
        )}
        <Link to={paths.idCard} className={styles.row} data-testid="profile-id-card">
          <span className={styles.label}>{t('profile.idCard')}</span>
          <span className={styles.value}>{t('profile.idCardHint')}</span>
          <ChevronRightIcon size={16} className={styles.chevron} />
        </Link>
      </section>

      <DatePicker
        visible={pickBirthday}
        onClose={() => setPickBirthday(false)}
        title={t('profile.birthday')}
        min={new Date(1900, 0, 1)}
        max={now}
        defaultValue={birthday ?? new Date(2000, 0, 1)}
        confirmText={t('profile.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={(value) => save.mutate({ body: { user_birthday: localDay(value) } })}
      />
    </div>
  );
}
