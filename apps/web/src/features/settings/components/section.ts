/** Settings cards are page sections, so their titles are h2 elements styled like CardTitle. */
export const cardTitleClass = 'flex items-center gap-2 text-lg font-semibold leading-tight';
