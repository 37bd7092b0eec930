import { useEffect, useState } from 'react';
import { downloadFile } from './blob';

/**
 * A stored file as a blob URL for an <img> (which cannot carry the token), revoked when the file or
 * the component goes; null while loading, when there is none, or when it cannot be read.
 */
export function useFileUrl(fileName: string | null): string | null {
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
  return url;
}
