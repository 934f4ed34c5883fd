/**
 * The appointment widget's options (spec section 3: make, location, product_category,
 * product_category_hidden) as blocks hand them to the booking button. A module of its own so the
 * blocks' first load does not pull in the widget adapter (appointments-service.ts, loaded on click).
 */
export interface AppointmentOptions {
  make?: string;
  location?: string;
  product_category?: string;
  product_category_hidden?: boolean;
}

/** Only the options an editor actually set (empty fields are not sent to the vendor). */
export function appointmentOptions(fields: {
  make?: string | undefined;
  location?: string | undefined;
  product_category?: string | undefined;
  product_category_hidden?: boolean | undefined;
}): AppointmentOptions {
  const options: AppointmentOptions = {};
  if (fields.make) options.make = fields.make;
  if (fields.location) options.location = fields.location;
  if (fields.product_category) options.product_category = fields.product_category;
  if (fields.product_category_hidden) options.product_category_hidden = true;
  return options;
}
