import { useState } from 'react';
import { useFileUrl } from '../api/useFileUrl';
import { BoltLogo } from '../ui/icons';

/**
 * The header's project logo: the user's group logo (GET user/logo's file through the download call,
 * as a blob URL since an <img src> cannot carry the token), else — none set, or it fails to load —
 * the product mark.
 */
export function HeaderLogo({ fileName }: { fileName: string | null }) {
  const url = useFileUrl(fileName);
  // the URL that failed to show (a new logo gets its chance)
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || url === broken) return <BoltLogo data-testid="header-logo-fallback" />;
  return (
    <img src={url} alt="" onError={() => setBroken(url)} className="h-8 w-8 rounded bg-white/90 object-contain" data-testid="header-logo" />
  );
}
