import { useEffect, useState } from 'react';
import { downloadFile } from '../api/blob';
import { BoltLogo } from '../ui/icons';

/**
 * The header's project logo: the user's group logo (GET user/logo's file through the download call,
 * as a blob URL since an <img src> cannot carry the token), else — none set, or it fails to load —
 * the product mark.
 */
export function HeaderLogo({ fileName }: { fileName: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!fileName) return;
    let objectUrl: string | null = null;
    let live = true;
    downloadFile(fileName, { quiet: true })
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileName]);
  if (!url) return <BoltLogo data-testid="header-logo-fallback" />;
  return (
    <img src={url} alt="" onError={() => setUrl(null)} className="h-8 w-8 rounded bg-white/90 object-contain" data-testid="header-logo" />
  );
}
