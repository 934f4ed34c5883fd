/**
 * What a visitor's text may hold. A single-line field (a name, an e-mail address, a licence plate)
 * never holds a line break or another control character: a browser's text input turns line breaks
 * into nothing, and one sent anyway could start a new line in a lead e-mail or a CRM field. A tab
 * (pasted from a spreadsheet) breaks no line and stays. A multi-line field (a message) keeps tab,
 * line feed and carriage return, nothing else of the kind.
 */
export const NOT_SINGLE_LINE = /[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/;
export const NOT_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The German message next to a field whose text holds what it must not. */
export const CONTROL_CHARACTER_MESSAGE = "Bitte geben Sie hier nur Text ohne Zeilenumbrüche oder Steuerzeichen ein.";
