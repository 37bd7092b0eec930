import { useEffect, useState } from 'react';
import { useFileUrl } from '../api/useFileUrl';
import { BoltLogo } from '../ui/icons';

/**
 * The header's project logo: the user's group logo (GET user/logo's file through the download call,
 * as a blob URL since an <img src> cannot carry the token), else — none set, or it fails to load —
 * the product mark.
 */
export function HeaderLogo({ fileName }: { fileName: string | null }) {
  const url = useFileUrl(fileName);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  if (!url || broken) return <BoltLogo data-testid="header-logo-fallback" />;
  return (
    <img src={url} alt="" onError={() => setBroken(true)} className="h-8 w-8 rounded bg-white/90 object-contain" data-testid="header-logo" />
  );
}
