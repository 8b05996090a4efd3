/*
 * What the rest of the app uses of search: the header's button, which opens the quick search
 * (its code loads on first use).
 */
export { SearchButton } from './search-button';
