import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { t, useLanguage } from '../i18n/i18n';
import { CloseIcon, ExpandIcon } from '../ui/icons';
import { useDeviceRealtime } from './useDeviceRealtime';
import { useLiveTrend } from './useLiveTrend';
import { DeviceInfoPanel } from './DeviceInfoPanel';
import { RealtimeTable } from './RealtimeTable';
import { TrendGroups } from './TrendGroups';
import { EvidencePanel } from './EvidencePanel';
import { LoadError } from '../widgets/LoadError';
import { rem } from '../ui/rem';

/** The device realtime dialog (spec §2): 1200 px wide, can go fullscreen, titled by the device name. */
export function DeviceRealtimeDialog({ deviceId, onClose }: { deviceId: number | null; onClose: () => void }) {
  useLanguage();
  const [fullscreen, setFullscreen] = useState(false);
  const { data, error, reload } = useDeviceRealtime(deviceId);
  const live = useLiveTrend(deviceId, data?.trendData);
  return (
    <Dialog open={deviceId !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className={`fixed inset-0 flex justify-center ${fullscreen ? '' : 'items-center p-4'}`}>
        <DialogPanel
          data-testid="device-dialog"
          style={fullscreen ? undefined : { width: rem(1200) }}
          className={`flex max-w-full flex-col border border-line bg-surface text-ink shadow-xl ${fullscreen ? 'h-full w-full' : 'max-h-[92vh] rounded-lg'}`}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-3">
            <DialogTitle className="text-base font-semibold">{data?.device.name ?? t('app.loading')}</DialogTitle>
            <div className="flex gap-1">
              <button
                type="button"
                title={t('device.fullscreen')}
                data-testid="device-fullscreen"
                onClick={() => setFullscreen(!fullscreen)}
                className="rounded p-1 text-muted hover:text-ink"
              >
                <ExpandIcon width="1.125rem" height="1.125rem" />
              </button>
              <button type="button" title={t('common.close')} onClick={onClose} className="rounded p-1 text-muted hover:text-ink">
                <CloseIcon width="1.125rem" height="1.125rem" />
              </button>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-5">
            {error && !data && <LoadError error={new Error(error)} onRetry={() => void reload()} />}
            {data && (
              <div className="flex flex-col gap-4">
                <DeviceInfoPanel device={data.device} />
                <div className="grid grid-cols-[22.5rem_1fr] items-start gap-4">
                  <RealtimeTable rows={data.measureDataList} />
                  <TrendGroups trendData={data.trendData} live={live} />
                </div>
                <EvidencePanel deviceId={data.device.id} dataIds={data.measureDataList.map((m) => m.dataId)} />
              </div>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
