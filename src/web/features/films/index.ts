/*
 * What other features may use of the films: the review form's film picker, which suggests the
 * films there are and adds a missing one; and the films' query keys, so that writing, editing
 * or deleting a review can refresh the film pages that count it.
 */
export { FilmPicker, type FilmChoice, type FilmPickerProps } from './film-picker';
export { filmKeys } from './api/film-keys';
