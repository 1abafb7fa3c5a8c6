// Mail queued by a SQL function in the transaction of the change it reports
// (mail/sql/mail_enqueue.sql) holds a template's name and the data to render it from; the
// mailer renders it here when it sends it, in the language the data names. The data is our own
// SQL's, still checked: a row that does not fit its template is given up with that reason
// rather than sent half-filled.
import { z } from 'zod';
import { findAsset } from '@secure-vault/shared/catalogue';
import { deliveryStatuses, fixedTermSchema } from '@secure-vault/shared/custody';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import { transferSchema, type Transfer } from '@secure-vault/shared/transfers';
import { usd } from '../ledger/refusals.ts';
import { deliveryUpdate, fixedTermMatured } from './custody-templates.ts';
import type { MailMessage } from './mailer.ts';
import { noticeTemplates } from './notice-templates.ts';
import {
  requestDecided,
  requestReceived,
  transferReceived,
  transferSent,
} from './transfer-templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

/** What moved, for the emails: "$250.00", "1000 mg of Gold (worth $57.00)", "Diamond ring". */
export function describeMoved(transfer: Transfer): string {
  if (transfer.assetSymbol === 'USD') return usd(transfer.amount);
  const asset = transfer.assetSymbol ? findAsset(transfer.assetSymbol) : undefined;
  if (asset && transfer.quantity) {
    return `${dec(transfer.quantity).toString()} ${asset.unit === 'mg' ? 'mg' : 'units'} of ${asset.name} (${usd(transfer.amount)})`;
  }
  return transfer.itemName ?? usd(transfer.amount);
}

const language = z.string().transform((value): Language => (isLanguage(value) ? value : 'en'));
const transferMail = z.object({ language, transfer: transferSchema, counterparty: z.string() });

const templates: Record<string, (data: unknown) => Rendered> = {
  transfer_sent: (data) => {
    const { language: lang, transfer, counterparty } = transferMail.parse(data);
    return transferSent(lang, {
      what: describeMoved(transfer),
      counterparty,
      reference: transfer.id,
    });
  },
  transfer_received: (data) => {
    const { language: lang, transfer, counterparty } = transferMail.parse(data);
    return transferReceived(lang, {
      what: describeMoved(transfer),
      counterparty,
      reference: transfer.id,
    });
  },
  request_received: (data) => {
    const { language: lang, transfer } = z
      .object({ language, transfer: transferSchema })
      .parse(data);
    if (transfer.type === 'asset_transfer') throw new Error('a transfer is not a request');
    return requestReceived(lang, {
      type: transfer.type,
      amount: transfer.amount,
      reference: transfer.reference ?? transfer.id,
    });
  },
  request_decided: (data) => {
    const { language: lang, transfer } = z
      .object({ language, transfer: transferSchema })
      .parse(data);
    if (transfer.type === 'asset_transfer' || transfer.status === 'pending') {
      throw new Error('not a request made final');
    }
    return requestDecided(lang, {
      type: transfer.type,
      status: transfer.status,
      amount: transfer.amount,
      reference: transfer.reference ?? transfer.id,
      reason: transfer.reason,
    });
  },
  delivery_update: (data) => {
    const notice = z
      .object({
        language,
        itemName: z.string(),
        recipientName: z.string(),
        status: z.enum(deliveryStatuses),
        reference: z.string(),
      })
      .parse(data);
    return deliveryUpdate(notice.language, notice);
  },
  fixed_term_matured: (data) => {
    const { language: lang, term } = z.object({ language, term: fixedTermSchema }).parse(data);
    return fixedTermMatured(lang, term);
  },
  ...noticeTemplates,
};

/** The message a queued template renders to; throws when the template or its data is unknown. */
export function renderTemplate(template: string, data: unknown): Rendered {
  const render = templates[template];
  if (!render) throw new Error(`unknown mail template ${template}`);
  return render(data);
}
