/** Normalise a MacCMS picture field: `mac://` prefix, protocol-relative, absolute, root-relative or relative. */
export function picUrl(pic: string | null | undefined): string {
  const s = (pic ?? '').trim();
  if (!s) return '';
  if (/^mac:/i.test(s)) return s.replace(/^mac:/i, '');
  if (/^(https?:)?\/\//i.test(s) || /^(data|blob):/i.test(s) || s.startsWith('/')) return s;
  if (/^[a-z][a-z0-9+.-]*:/i.test(s)) return '';
  return `/${s}`;
}
