/** Where the compare list and the favourites live (spec section 2; spelled by domain/url-segments.ts). */
export { COMPARE_PATH, FAVOURITES_PATH } from "#domain/site-paths.ts";
