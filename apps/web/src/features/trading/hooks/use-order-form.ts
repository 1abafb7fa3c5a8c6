// The order form of one side of an asset's screen, priced at the price the screen shows: typing
// in one field fills in the other, and a new price (the book read again) fills it in again, so
// what the customer typed stays as typed and the other figure is always at the price on screen.
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Asset } from '@secure-vault/shared/catalogue';
import { openingQuantity, type TradeRequest, type TradeSide } from '@secure-vault/shared/trading';
import { useSchemaForm } from '@/lib/form';
import {
  cryptoRules,
  editOrder,
  evaluateOrder,
  metalRules,
  type OrderField,
  orderFormSchema,
  type OrderInput,
} from '../order-input';

type OrderForm = UseFormReturn<OrderInput, unknown, TradeRequest>;

function initialInput(asset: Asset, side: TradeSide, price: string): OrderInput {
  // A metal's calculator opens at a quantity that can be bought: 1 mg, or more where 1 mg is
  // worth less than the smallest order (silver, rhenium). The crypto form starts empty.
  return asset.kind === 'metal'
    ? editOrder(asset, metalRules, 'quantity', openingQuantity(asset), side, price)
    : { edited: 'quantity', quantity: '', total: '' };
}

// The field typed in keeps its text as the browser has it (a number input mid-way through
// "1e5" reads empty), so only the other field is written then.
function applyEdit(form: OrderForm, next: OrderInput, field: OrderField, isTyped: boolean) {
  const other: OrderField = field === 'quantity' ? 'total' : 'quantity';
  form.setValue('edited', next.edited);
  if (!isTyped) form.setValue(field, next[field]);
  form.setValue(other, next[other], { shouldValidate: true });
}

export function useOrderForm(asset: Asset, side: TradeSide, price: string) {
  const rules = asset.kind === 'metal' ? metalRules : cryptoRules;
  const form = useSchemaForm(orderFormSchema(asset, side, price), {
    defaultValues: initialInput(asset, side, price),
    mode: 'onChange',
  });
  const input = form.watch();
  const evaluation = evaluateOrder(asset, input, side, price);

  const edit = (field: OrderField, text: string, { isTyped = false } = {}) =>
    applyEdit(form, editOrder(asset, rules, field, text, side, price), field, isTyped);

  const pricedAt = useRef(price);
  useEffect(() => {
    if (pricedAt.current === price) return;
    pricedAt.current = price;
    const field = form.getValues('edited');
    const text = form.getValues(field);
    if (text.trim() === '') return;
    applyEdit(form, editOrder(asset, rules, field, text, side, price), field, true);
  }, [asset, form, price, rules, side]);

  const reset = () => form.reset(initialInput(asset, side, price));
  return { form, input, evaluation, edit, reset };
}
