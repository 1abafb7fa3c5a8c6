// The email of a limit order that closed by itself (ledger_fill_orders, ledger_close_order), in the
// language it was placed in, with a link to the asset's page: filled at the book's price — the
// limit or better — for its total, or expired at the end of its last day with its reservation
// released.
import { findAsset } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import type { OrderSide } from '@secure-vault/shared/orders';
import { holdingName } from '../i18n/ledger-names.ts';
import { assetPagePath, priceText, signature } from './alert-templates.ts';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

export interface OrderClosedNotice {
  appUrl: string;
  symbol: string;
  side: OrderSide;
  quantity: string;
  limitPrice: string;
  outcome: 'filled' | 'expired';
  price: string | null;
  total: string | null;
}

export function orderClosed(language: Language, notice: OrderClosedNotice): Rendered {
  const name = holdingName(language, notice.symbol, notice.symbol);
  const link = `${notice.appUrl}${assetPagePath(notice.symbol)}`;
  const isMetal = findAsset(notice.symbol)?.unit === 'mg';
  const limit = priceText(notice.limitPrice);
  const price = priceText(notice.price ?? '0');
  const total = priceText(notice.total ?? '0');
  if (language === 'ar') {
    const quantity = `${notice.quantity}${isMetal ? ' ملغ' : ''}`;
    const unit = isMetal ? 'لكل ملغ' : 'للوحدة';
    const verb = notice.side === 'buy' ? 'شراء' : 'بيع';
    const lines =
      notice.outcome === 'filled'
        ? [
            `نُفّذ أمرك المحدد السعر: ${verb} ${quantity} من ${name} بسعر ${price} ${unit} (حدّك ${limit})، بإجمالي ${total}.`,
          ]
        : [
            `انتهت صلاحية أمرك المحدد السعر (${verb} ${quantity} من ${name} بحد ${limit} ${unit}) دون تنفيذ.`,
            notice.side === 'buy'
              ? 'أُعيد النقد المحجوز له إلى رصيدك.'
              : 'أُعيدت الكمية المحجوزة له إلى حيازتك.',
          ];
    return render('ar', `أمر محدد السعر: ${name} — Secure Vault`, [
      'مرحباً،',
      ...lines,
      `أوامرك وأسعار الأصل: ${link}`,
      signature.ar,
    ]);
  }
  const quantity = `${notice.quantity}${isMetal ? ' mg' : ''}`;
  const unit = isMetal ? 'per mg' : 'per unit';
  const verb = notice.side === 'buy' ? 'buy' : 'sell';
  const lines =
    notice.outcome === 'filled'
      ? [
          `Your limit order to ${verb} ${quantity} of ${name} has filled at ${price} ${unit} (your limit: ${limit}), for ${total}.`,
        ]
      : [
          `Your limit order to ${verb} ${quantity} of ${name} at ${limit} ${unit} has expired without filling.`,
          notice.side === 'buy'
            ? 'The cash it reserved is back in your balance.'
            : 'The quantity it reserved is back in your holding.',
        ];
  return render('en', `Limit order: ${name} — Secure Vault`, [
    'Hello,',
    ...lines,
    `Your orders and the asset's prices: ${link}`,
    signature.en,
  ]);
}
