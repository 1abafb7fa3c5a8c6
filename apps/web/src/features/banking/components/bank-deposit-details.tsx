// Where a bank-transfer deposit goes (DESIGN §5): the platform's bank, account name, IBAN and
// SWIFT code, and the request's own reference, each with a copy button, and the instruction to
// put the reference in the transfer's description so staff can match the money to the request.
import { useEffect, useRef, useState } from 'react';
import { Check, Copy, Info } from 'lucide-react';
import type { BankDeposit } from '@secure-vault/shared/transfers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { toast } from '@/lib/toast';

/** How long "Copied" shows before the button reads "Copy" again. */
const copiedMs = 2000;

export function BankDepositDetails({ deposit }: { deposit: BankDeposit }) {
  const { t } = useTranslation('banking');
  const headingRef = useRef<HTMLParagraphElement>(null);
  // The form that had the focus is gone: start reading from the instructions.
  useEffect(() => headingRef.current?.focus(), []);
  const reference = deposit.reference ?? '';
  const rows = [
    { key: 'bankName', value: deposit.bankDetails.bankName, isCode: false },
    { key: 'accountName', value: deposit.bankDetails.accountName, isCode: false },
    { key: 'iban', value: deposit.bankDetails.iban, isCode: true },
    { key: 'swiftCode', value: deposit.bankDetails.swiftCode, isCode: true },
    { key: 'reference', value: reference, isCode: true },
  ] as const;

  return (
    <div className="grid gap-4">
      <p ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        {t('bankDeposit.sendTo', { amount: formatUsd(deposit.amount) })}
      </p>
      <dl className="grid gap-3" data-testid="bank-deposit-details">
        {rows.map((row) => (
          <div
            key={row.key}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border border-border p-3"
          >
            <div className="grid min-w-0 gap-0.5">
              <dt className="text-xs text-muted-foreground">
                {t(`bankDeposit.details.${row.key}`)}
              </dt>
              <dd className="font-medium break-all">
                {row.isCode ? (
                  <bdi dir="ltr" className="font-mono" data-testid={`bank-deposit-${row.key}`}>
                    {row.value}
                  </bdi>
                ) : (
                  <bdi>{row.value}</bdi>
                )}
              </dd>
            </div>
            <CopyButton value={row.value} label={t(`bankDeposit.details.${row.key}`)} />
          </div>
        ))}
      </dl>
      <Alert tone="warning">
        <Info aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold">
            {t('bankDeposit.referenceNote')}{' '}
            <bdi dir="ltr" className="font-mono">
              {reference}
            </bdi>
          </p>
          <p>{t('bankDeposit.creditNote')}</p>
        </div>
      </Alert>
    </div>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('banking');
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t('bankDeposit.copyFailed'), { description: value });
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void onCopy()}
      aria-label={
        isCopied
          ? t('bankDeposit.copiedLabel', { name: label })
          : t('bankDeposit.copyLabel', { name: label })
      }
    >
      {isCopied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      <span aria-live="polite">{isCopied ? t('bankDeposit.copied') : t('bankDeposit.copy')}</span>
    </Button>
  );
}
