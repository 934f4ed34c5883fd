import type { LoaderFunctionArgs } from "react-router";
import { BRAND_NAMES } from "#domain/brands.ts";
import { findModelLine } from "#domain/model-lines.ts";
import { BrandParamSchema, ModelParamSchema } from "#domain/route-params.ts";
import { requireParam, routeValidityFailed } from "./route-errors.ts";

/** Validates /{brand}/modelle/{model}: the brand is one of six, the model one of its lines. */
export function loadModelRoute({ params, request }: LoaderFunctionArgs) {
  const brand = requireParam(BrandParamSchema, params.brand, request);
  const model = requireParam(ModelParamSchema, params.model, request);
  const modelName = findModelLine(brand, model);
  if (!modelName) routeValidityFailed(request);
  return { brand, brandName: BRAND_NAMES[brand], model, modelName };
}
