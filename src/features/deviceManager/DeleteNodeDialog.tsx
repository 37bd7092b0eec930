import { useEffect, useState } from 'react';
import type { DeleteImpact, NodeRef } from '../../../domain/schemas/ledger';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { showToast, toastSuccess } from '../../app/ui/toastStore';
import { ledgerApi } from './ledgerApi';
import { impactText } from './ledgerText';

/**
 * Deleting a node: asks first. When the node has children, the question lists what goes with it
 * (from a dry run on the server) and the delete is sent with cascade.
 */
export function DeleteNodeDialog({
  node,
  onClose,
  onDeleted,
}: {
  node: (NodeRef & { name: string }) | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  useLanguage();
  const [impact, setImpact] = useState<DeleteImpact | null>(null);
  useEffect(() => {
    setImpact(null);
    if (node) ledgerApi.impact([node]).then(setImpact, onClose);
  }, [node, onClose]);
  const others = impact ? Object.values(impact).reduce((a, n) => a + (n ?? 0), 0) - 1 : 0;
  const below = impact && node ? { ...impact, [node.modelLabel]: (impact[node.modelLabel] ?? 1) - 1 } : {};
  const cancel = () => (showToast(t('table.deleteCancelled')), onClose());
  const confirm = async () => {
    if (!node) return;
    const res = await ledgerApi.deleteNodes([node], others > 0).catch(() => null);
    if (!res) return;
    toastSuccess(t('table.deleteSuccess'));
    onDeleted();
  };
  return (
    <Modal open={!!node && !!impact} onClose={cancel} title={t('ledger.deleteTitle')} width={440}>
      <p className="mb-5 text-sm" data-testid="delete-explain">
        {others > 0
          ? t('ledger.deleteCascade', { name: node?.name ?? '', impact: impactText(below) })
          : t('ledger.deleteLeaf', { name: node?.name ?? '' })}
      </p>
      <div className="flex justify-end gap-2">
        <Button onClick={cancel}>{t('common.cancel')}</Button>
        <Button kind="danger" onClick={() => void confirm()}>
          {t('table.delete')}
        </Button>
      </div>
    </Modal>
  );
}
