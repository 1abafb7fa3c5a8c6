// Transfer Management's filters: the type, and the status with how many transfers of the chosen
// type have each ("Pending (3)"), so staff see at once what waits for them.
import {
  type TransferStatus,
  type TransferType,
  transferStatuses,
  transferTypes,
} from '@secure-vault/shared/transfers';
import { isOneOf } from '@secure-vault/shared/guards';
import { Label } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';

export type StatusCounts = Record<TransferStatus, number>;

const isType = (value: string): value is TransferType => isOneOf(transferTypes, value);
const isStatus = (value: string): value is TransferStatus => isOneOf(transferStatuses, value);

export function TransfersFilters({
  type,
  status,
  counts,
  onTypeChange,
  onStatusChange,
}: {
  type: TransferType | '';
  status: TransferStatus | '';
  /** The last answer's counts under the type filter; none until the first answer. */
  counts: StatusCounts | undefined;
  onTypeChange: (type: TransferType | '') => void;
  onStatusChange: (status: TransferStatus | '') => void;
}) {
  const { t } = useTranslation('admin');
  const all = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined;
  const withCount = (label: string, count: number | undefined) =>
    count === undefined ? label : t('transfers.filters.withCount', { label, count });

  return (
    <div
      role="search"
      aria-label={t('transfers.filters.label')}
      className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl"
    >
      <div className="grid gap-2">
        <Label htmlFor="transfers-type-filter">{t('transfers.filters.type')}</Label>
        <NativeSelect
          id="transfers-type-filter"
          value={type}
          onChange={(event) => onTypeChange(isType(event.target.value) ? event.target.value : '')}
        >
          <option value="">{t('transfers.filters.allTypes')}</option>
          {transferTypes.map((value) => (
            <option key={value} value={value}>
              {t(`transfers.filters.types.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="transfers-status-filter">{t('transfers.filters.status')}</Label>
        <NativeSelect
          id="transfers-status-filter"
          value={status}
          onChange={(event) =>
            onStatusChange(isStatus(event.target.value) ? event.target.value : '')
          }
        >
          <option value="">{withCount(t('transfers.filters.allStatuses'), all)}</option>
          {transferStatuses.map((value) => (
            <option key={value} value={value}>
              {withCount(t(`transfers.statuses.${value}`), counts?.[value])}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
