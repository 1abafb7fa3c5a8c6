// The reference's copy button: "Copy", then "Copied" for a moment, announced; when the browser
// refuses (no permission, not a secure page) a toast says to select it instead.
import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** How long "Copied" shows before the button reads "Copy" again. */
const copiedMs = 2000;

export function CopyReference({ value }: { value: string }) {
  const { t } = useTranslation('history');
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      toast.error(t('receipt.copyFailed'), { description: value });
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="print:hidden"
      aria-label={isCopied ? t('receipt.copied') : t('receipt.copyLabel')}
      onClick={() => void onCopy()}
      data-testid="receipt-copy"
    >
      {isCopied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      <span aria-live="polite">{isCopied ? t('receipt.copied') : t('receipt.copy')}</span>
    </Button>
  );
}
