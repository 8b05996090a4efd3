/*
 * What other features may use of the films: the review form's film picker, which suggests the
 * films there are and adds a missing one.
 */
export { FilmPicker, type FilmChoice, type FilmPickerProps } from './film-picker';
