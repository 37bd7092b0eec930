import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ChannelDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { notifyApi } from './notifyApi';

/**
 * 测试发送: sends at once and shows what the receiver answered (status and the start of its body) or
 * why nothing did. A write, so a mutation: it shows the outcome of the latest send only.
 */
export function ChannelTestDialog({ channel, onClose }: { channel: ChannelDto | undefined; onClose: () => void }) {
  useLanguage();
  const { mutate: send, data: answer, isError } = useMutation({ mutationFn: (id: number) => notifyApi.testChannel(id) });
  useEffect(() => {
    if (channel) send(channel.id);
  }, [channel, send]);
  // the refusal itself (permission, an address not allowed) was shown as a toast by the client
  const outcome = isError ? 'refused' : answer ? 'answer' : 'sending';
  return (
    <Modal open={!!channel} onClose={onClose} title={`${t('notify.testTitle')} · ${channel?.name ?? ''}`} width={520} closable>
      <div
        className="mb-4 text-sm"
        data-testid="channel-test-result"
        data-state={answer ? (answer.ok ? 'ok' : 'failed') : outcome}
        aria-live="polite"
      >
        {outcome === 'sending' && <p className="text-muted">{t('notify.testSending')}</p>}
        {outcome === 'refused' && <p className="font-medium">{t('notify.testFailed')}</p>}
        {answer && (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted">{t('notify.status')}</dt>
            <dd className="font-medium" data-testid="channel-test-outcome">
              {answer.ok ? t('notify.testAnswered') : t('notify.testFailed')}
              <span className="ml-2 font-normal text-muted tabular-nums">{answer.durationMs} ms</span>
            </dd>
            <dt className="text-muted">{t('notify.testStatus')}</dt>
            <dd className="tabular-nums" data-testid="channel-test-status">
              {answer.status ?? '--'}
            </dd>
            {answer.error && (
              <>
                <dt className="text-muted">{t('notify.lastError')}</dt>
                <dd data-testid="channel-test-error">{answer.error}</dd>
              </>
            )}
            <dt className="text-muted">{t('notify.testBody')}</dt>
            <dd>
              <pre
                translate="no"
                data-testid="channel-test-body"
                className="max-h-48 overflow-auto rounded border border-line bg-surface-2 p-2 text-xs break-all whitespace-pre-wrap"
              >
                {answer.body || t('notify.testEmptyBody')}
              </pre>
            </dd>
          </dl>
        )}
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
    </Modal>
  );
}
