import { useFileUrl } from '../../app/api/useFileUrl';
import { t, useLanguage } from '../../app/i18n/i18n';

/**
 * A logo loaded through the file download (an <img src> cannot carry the bearer token), shown from a
 * blob URL that is revoked when the logo changes.
 */
export function LogoImage({ fileName, size = 40 }: { fileName: string | null | undefined; size?: number }) {
  useLanguage();
  const url = useFileUrl(fileName);
  if (!url) return <span className="text-xs text-muted">{t('groups.noLogo')}</span>;
  return (
    <img
      src={url}
      alt={t('groups.logo')}
      width={size}
      height={size}
      className="rounded border border-line object-contain"
      style={{ width: size, height: size }}
      data-testid="group-logo"
    />
  );
}
