import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from './blob';
import { queryKeys } from './queryKeys';

/**
 * A stored file (a group logo, a work-order photo) as an object URL for an <img>, revoked when the
 * file changes or the component goes; null while loading, when there is none, or when it cannot be
 * read. The file is a cached read: a stored file's name is new for every upload (server/files), so
 * what a name holds never changes, and every <img> of it shares one download.
 */
export function useFileUrl(fileName: string | null | undefined): string | null {
  const file = useQuery({
    queryKey: queryKeys.file(fileName ?? ''),
    queryFn: () => downloadFile(fileName!, { quiet: true }),
    enabled: !!fileName,
    staleTime: Infinity,
    // another file never stands in while this one is read
    placeholderData: undefined,
  });
  const blob = fileName ? file.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
