// A request's status dropdown (SPEC §2 tab 6), offering only the statuses it may move to next
// (DESIGN §5), with an Update button: choosing alone changes nothing, so moving through the
// options with the keyboard never sends a change.
import { useState } from 'react';
import {
  type AdminDelivery,
  type DeliveryStatus,
  deliveryTransitions,
} from '@secure-vault/shared/custody';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { deliveryItemName } from './delivery-cells';

export function DeliveryStatusControl({
  delivery,
  idPrefix,
  isUpdating,
  onRequest,
}: {
  delivery: AdminDelivery;
  /** The table and the phone cards each have a control: their ids differ by this. */
  idPrefix: string;
  isUpdating: boolean;
  onRequest: (delivery: AdminDelivery, status: DeliveryStatus) => void;
}) {
  const { t } = useTranslation(['admin', 'vault', 'catalogue']);
  const [choice, setChoice] = useState<DeliveryStatus | ''>('');
  const next = deliveryTransitions[delivery.status];
  if (next.length === 0) {
    return (
      <span className="text-xs text-muted-foreground" data-testid="delivery-final">
        {t('delivery.change.final')}
      </span>
    );
  }
  const id = `${idPrefix}-status-${delivery.id}`;
  // Which request the control acts on, for screen readers reaching it alone.
  const which = t('delivery.change.which', {
    recipient: delivery.recipientName,
    item: deliveryItemName(t, delivery),
  });

  return (
    <div className="flex flex-wrap items-center gap-2" aria-busy={isUpdating}>
      <label htmlFor={id} className="sr-only">
        {t('delivery.change.label')} {which}
      </label>
      <NativeSelect
        id={id}
        className="min-w-40 flex-1"
        value={choice}
        disabled={isUpdating}
        onChange={(event) => {
          const value = next.find((status) => status === event.target.value);
          setChoice(value ?? '');
        }}
      >
        <option value="">{t('delivery.change.placeholder')}</option>
        {next.map((status) => (
          <option key={status} value={status}>
            {t(`delivery.statuses.${status}`)}
          </option>
        ))}
      </NativeSelect>
      <Button
        size="sm"
        variant="outline"
        disabled={choice === '' || isUpdating}
        onClick={() => {
          if (choice) onRequest(delivery, choice);
        }}
      >
        {t('delivery.change.update')}
        <span className="sr-only"> {which}</span>
      </Button>
      {isUpdating ? <Spinner className="text-muted-foreground" /> : null}
    </div>
  );
}
