/*
 * What other features may use of the films: the review form's film picker, which suggests the
 * films there are and adds a missing one. The films' query keys live with the others in
 * `api/query-keys.ts`, so that a thread page refreshing film pages does not carry the picker.
 */
export { FilmPicker, type FilmChoice, type FilmPickerProps } from './film-picker';
