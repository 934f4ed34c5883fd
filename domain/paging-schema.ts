import * as z from "zod";

/**
 * Where one page of a longer list stands: how many match in all, this page's number (from 1) and
 * how many pages there are (0 when nothing matches), the three numbers the pagination reads. A paged
 * answer spreads its shape beside its items.
 *
 * @example const EmployeePageSchema = z.object({ employees: z.array(EmployeeSchema), ...PagingSchema.shape });
 */
export const PagingSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
});
