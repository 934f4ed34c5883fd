/**
 * At most this many ids per getMany (compare holds 6, favourites a few dozen). Its own module: the
 * API checks the query with it at startup, the stock adapter loads with the first stock read.
 */
export const MAX_VEHICLES_PER_REQUEST = 50;
