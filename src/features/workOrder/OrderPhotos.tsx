import { useState } from 'react';
import { useFileUrl } from '../../app/api/useFileUrl';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';

/** One photo as a square thumbnail (the browser scales the stored file down); its name when it cannot show it (HEIC). */
function Thumb({ fileName, index, onOpen }: { fileName: string; index: number; onOpen: (url: string | null) => void }) {
  const url = useFileUrl(fileName);
  const [broken, setBroken] = useState(false);
  return (
    <button
      type="button"
      data-testid="order-photo"
      aria-label={t('wo.photoOpen', { index })}
      className="flex h-20 w-20 items-center justify-center overflow-hidden rounded border border-line bg-surface-2 text-xs text-muted"
      onClick={() => onOpen(broken ? null : url)}
    >
      {url && !broken ? (
        <img src={url} alt="" className="h-full w-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <span className="break-all p-1" translate="no">
          {fileName}
        </span>
      )}
    </button>
  );
}

/** The on-site photos as thumbnails; one opens large in a dialog. */
export function OrderPhotos({ fileIds }: { fileIds: string[] }) {
  useLanguage();
  const [large, setLarge] = useState<{ url: string | null; index: number } | null>(null);
  if (!fileIds.length) return <>--</>;
  return (
    <>
      <div className="flex flex-wrap gap-2" data-testid="order-photos">
        {fileIds.map((f, i) => (
          <Thumb key={f} fileName={f} index={i + 1} onOpen={(url) => setLarge({ url, index: i + 1 })} />
        ))}
      </div>
      <Modal open={!!large} onClose={() => setLarge(null)} title={t('wo.photoOpen', { index: large?.index ?? 1 })} width={900} closable>
        {large?.url ? (
          <img src={large.url} alt="" className="mx-auto max-h-[75vh] max-w-full object-contain" data-testid="order-photo-large" />
        ) : (
          <p className="text-muted" translate="no">
            {large ? fileIds[large.index - 1] : ''}
          </p>
        )}
      </Modal>
    </>
  );
}
