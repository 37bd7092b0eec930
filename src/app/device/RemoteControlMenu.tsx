import { useState } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { t, useLanguage } from '../i18n/i18n';
import { WrenchIcon } from '../ui/icons';
import { toastError } from '../ui/toastStore';
import { SendControlDialog } from './SendControlDialog';
import { listControlPoints, type ControlPoint } from './remoteCommands';

/** The wrench popover with 消音 and 复位; each goes through 操作验证 before it reaches the device. */
export function RemoteControlMenu({ deviceId }: { deviceId: number }) {
  useLanguage();
  const [points, setPoints] = useState<ControlPoint[] | null>(null);
  const [pending, setPending] = useState<ControlPoint | null>(null);

  async function load() {
    try {
      const list = await listControlPoints(deviceId);
      setPoints(list);
      if (list.length === 0) toastError(t('remote.noPoints'));
    } catch (err) {
      setPoints([]);
      toastError((err as Error).message);
    }
  }

  return (
    <>
      <Popover className="relative">
        <PopoverButton
          data-testid="remote-wrench"
          title={t('device.remote')}
          onClick={() => void load()}
          className="rounded border border-line p-1.5 text-muted outline-none hover:text-ink"
        >
          <WrenchIcon />
        </PopoverButton>
        <PopoverPanel anchor="bottom end" className="z-[60] mt-1 flex gap-2 rounded-md border border-line bg-surface p-2 shadow-lg">
          {({ close }) => (
            <>
              {points === null && <span className="px-2 text-sm text-muted">{t('app.loading')}</span>}
              {points?.length === 0 && <span className="px-2 text-sm text-muted">{t('remote.noPoints')}</span>}
              {points?.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  data-testid={`remote-${p.para}`}
                  className="rounded bg-brand px-3 py-1 text-sm text-brand-ink"
                  onClick={() => {
                    close();
                    setPending(p);
                  }}
                >
                  {p.name}
                </button>
              ))}
            </>
          )}
        </PopoverPanel>
      </Popover>
      <SendControlDialog deviceId={deviceId} point={pending} onClose={() => setPending(null)} />
    </>
  );
}
