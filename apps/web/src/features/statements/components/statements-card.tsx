// Settings' Statements and proof of holdings card (issue 15 item 5): a month (this UTC month and
// the 11 before it, none before the account opened) and the document's language, then two links that download the signed PDFs;
// the server writes them, so they are plain links rather than fetches. A line points to /verify,
// where anyone can check a document.
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Download, FileCheck2, FileText } from 'lucide-react';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import { paths } from '@secure-vault/shared/paths';
import * as statements from '@secure-vault/shared/statements/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { apiUrl } from '@/lib/api-client';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { monthLabel, monthOf, recentMonths, statementFile } from '../months';

const documentLanguages: readonly Language[] = ['en', 'ar'];

export function StatementsCard() {
  const { t, i18n } = useTranslation('statements');
  const id = useId();
  const uiLanguage: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  // The account's opening month, from its profile: no month before it is offered (the server
  // refuses those too). Until the profile is in, the last 12 months.
  const profile = useApiQuery(vault.getProfile);
  const createdAt = profile.data?.createdAt;
  const opened = createdAt ? monthOf(new Date(createdAt)) : null;
  // Counted once per visit: a page left open across midnight at a month's end keeps its list.
  const [today] = useState(() => new Date());
  const months = useMemo(() => recentMonths(today, undefined, opened), [today, opened]);
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const month = chosenMonth && months.includes(chosenMonth) ? chosenMonth : (months[0] ?? '');
  const [chosenLanguage, setLanguage] = useState<Language | null>(null);
  const language = chosenLanguage ?? uiLanguage;

  const statementUrl = apiUrl(statements.getStatement, {
    params: { file: statementFile(month) },
    query: { lang: language },
  });
  const proofUrl = apiUrl(statements.getProofOfHoldings, { query: { lang: language } });

  return (
    <Card aria-labelledby={`${id}-title`} role="region" data-testid="statements-card">
      <CardHeader>
        <h2
          id={`${id}-title`}
          className="flex items-center gap-2 text-lg font-semibold leading-tight"
        >
          <FileText aria-hidden className="size-5 shrink-0 text-accent-strong" />
          {t('card.title')}
        </h2>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-month`}>{t('card.month')}</Label>
            <NativeSelect
              id={`${id}-month`}
              value={month}
              aria-describedby={`${id}-month-hint`}
              onChange={(event) => setMonth(event.target.value)}
            >
              {months.map((value) => (
                <option key={value} value={value}>
                  {monthLabel(value, uiLanguage)}
                </option>
              ))}
            </NativeSelect>
            <p id={`${id}-month-hint`} className="text-xs text-muted-foreground">
              {t('card.monthHint')}
            </p>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-language`}>{t('card.language')}</Label>
            <NativeSelect
              id={`${id}-language`}
              value={language}
              onChange={(event) => {
                const value = event.target.value;
                if (isLanguage(value)) setLanguage(value);
              }}
            >
              {documentLanguages.map((value) => (
                <option key={value} value={value} lang={value}>
                  {t(`languages.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <a href={statementUrl} download data-testid="statement-download">
              <Download aria-hidden />
              {t('card.downloadStatement')}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={proofUrl} download data-testid="proof-download">
              <FileCheck2 aria-hidden />
              {t('card.downloadProof')}
            </a>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground" data-testid="statements-signed-note">
          {t('card.signed')}{' '}
          <Link
            to={paths.verify}
            className="font-medium text-accent-strong underline underline-offset-4 hover:no-underline"
          >
            <bdi dir="ltr">{paths.verify}</bdi>
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
