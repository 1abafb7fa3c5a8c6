// The trading pages, loaded together as one chunk (app/router.tsx).
export { default as CryptoDetail } from './crypto-detail';
export { default as CryptoList } from './crypto-list';
export { default as MetalCalculator } from './metal-calculator';
export { default as PreciousMetals } from './precious-metals';
