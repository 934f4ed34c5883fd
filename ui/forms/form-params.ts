/**
 * A form's text fields as URL parameters, as a GET submission would send them (file inputs left
 * out): `new URLSearchParams(formData)` works at run time, but its type does not take FormData.
 */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  return params;
}
