// The opening price book, as migrate() writes it after the migrations (both drivers).
import { assets } from '@secure-vault/shared/catalogue';

/**
 * The opening price book (decision 028): SPEC §9's prices from the catalogue, their one source,
 * written once per symbol after the migrations (prices/sql/prices_open_book.sql).
 */
export const openingBook = JSON.stringify(assets.map(({ symbol, price }) => ({ symbol, price })));
export const openBookStatement = {
  name: 'prices_open_book',
  text: 'select prices_open_book($1::jsonb)',
};
