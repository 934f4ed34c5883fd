/** Where the compare list and the favourites live (spec section 2). */
export const COMPARE_PATH = "/carfinder/vergleichen";
export const FAVOURITES_PATH = "/carfinder/favoriten";
