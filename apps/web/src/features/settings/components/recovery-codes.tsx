// The ten recovery codes two-factor set-up answers with: shown once, to copy or write down.
import { useState } from 'react';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { copyText } from '../copy-text';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(['settings', 'auth']);
  const [isCopied, setCopied] = useState(false);
  return (
    <div className="grid gap-4">
      <Alert tone="warning" role="status">
        <ShieldCheck aria-hidden />
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('twoFactor.recoveryTitle')}</h3>
          <p>{t('twoFactor.recoveryExplanation')}</p>
        </div>
      </Alert>
      <ul
        dir="ltr"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            if (await copyText(codes.join('\n'))) {
              setCopied(true);
              toast.success(t('twoFactor.copied'));
            }
          }}
        >
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t('twoFactor.copyCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('twoFactor.savedCodes')}
        </Button>
      </div>
    </div>
  );
}
