/**
 * Test helper: validates simulator responses against the official SP-API models in
 * `../shared/spapi-models`, so the simulator cannot drift from what Amazon sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Where CI and developers keep the shared models: beside the repository clone. */
export const SPAPI_MODELS_DIR = path.resolve(__dirname, 'models');

const MODEL_FILES = [
  'fulfillmentInboundV0.json',
  'fbaInventory.json',
  'sellers.json',
  'reports_2021-06-30.json',
  'finances_2024-06-19.json',
] as const;

type JsonObject = Record<string, unknown>;

interface SwaggerOperation {
  operationId?: string;
  description?: string;
  responses?: Record<string, { schema?: JsonObject }>;
}

interface SwaggerModel {
  definitions: Record<string, JsonObject>;
  paths: Record<string, Record<string, SwaggerOperation | unknown>>;
}

const models = new Map<string, SwaggerModel>();
const validators = new Map<string, ValidateFunction>();
const ajvByFile = new Map<string, Ajv>();

function modelsDir(): string {
  if (!fs.existsSync(SPAPI_MODELS_DIR)) {
    throw new Error(
      `SP-API models not found at ${SPAPI_MODELS_DIR}: the simulator's copy of Amazon's models is missing.`,
    );
  }
  return SPAPI_MODELS_DIR;
}

function loadModel(file: string): SwaggerModel {
  let model = models.get(file);
  if (!model) {
    model = JSON.parse(fs.readFileSync(path.join(modelsDir(), file), 'utf8')) as SwaggerModel;
    models.set(file, model);
  }
  return model;
}

/** The operation with this `operationId` and the model file that defines it. */
export function findOperation(operationId: string): { file: string; operation: SwaggerOperation } {
  for (const file of MODEL_FILES) {
    for (const methods of Object.values(loadModel(file).paths)) {
      for (const candidate of Object.values(methods)) {
        const op = candidate as SwaggerOperation;
        if (op && typeof op === 'object' && op.operationId === operationId)
          return { file, operation: op };
      }
    }
  }
  throw new Error(`Operation ${operationId} is not in ${MODEL_FILES.join(', ')}`);
}

/**
 * Closes every object schema that lists its properties, so an undocumented field in a response
 * (such as the scenario-only `LastUpdatedDate`) fails validation instead of slipping through.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'example' || key.startsWith('x-') ? value : closeObjects(value);
  }
  // The parts of an allOf each list only some of the properties (Finances' Context): left open.
  if (Array.isArray(out.allOf)) {
    const written = (node as JsonObject).allOf as JsonObject[];
    out.allOf = (out.allOf as JsonObject[]).map((part, i) => {
      if (written[i]?.additionalProperties !== undefined) return part;
      const { additionalProperties: _closed, ...open } = part;
      return open;
    });
  }
  if (
    out.properties &&
    typeof out.properties === 'object' &&
    out.additionalProperties === undefined
  ) {
    out.additionalProperties = false;
  }
  return out;
}

/** The definitions an allOf names by `$ref`. */
function allOfParts(definitions: Record<string, JsonObject>): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const object = node as JsonObject;
    if (Array.isArray(object.allOf)) {
      for (const part of object.allOf as JsonObject[]) {
        const ref = part?.$ref;
        if (typeof ref === 'string' && ref.startsWith('#/definitions/'))
          names.add(ref.slice('#/definitions/'.length));
      }
    }
    Object.values(object).forEach(walk);
  };
  walk(definitions);
  return names;
}

function ajvFor(file: string): Ajv {
  let ajv = ajvByFile.get(file);
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const model = loadModel(file).definitions;
    const definitions = closeObjects(model) as Record<string, JsonObject>;
    // Definitions that are parts of an allOf stay open, as they were written.
    for (const name of allOfParts(model)) {
      if ((model[name] as JsonObject).additionalProperties === undefined)
        delete definitions[name]?.additionalProperties;
    }
    ajv.addSchema({ definitions }, file);
    ajvByFile.set(file, ajv);
  }
  return ajv;
}

/** The compiled validator for an operation's response with the given HTTP status. */
export function responseValidator(operationId: string, status: number): ValidateFunction {
  const cacheKey = `${operationId}:${status}`;
  const cached = validators.get(cacheKey);
  if (cached) return cached;
  const { file, operation } = findOperation(operationId);
  const response = operation.responses?.[String(status)];
  if (!response) throw new Error(`${operationId} documents no ${status} response`);
  const ref = response.schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) {
    throw new Error(`${operationId} ${status} has no schema reference to validate against`);
  }
  const validate = ajvFor(file).compile({ $ref: `${file}${ref}` });
  validators.set(cacheKey, validate);
  return validate;
}

/**
 * Throws unless `body` conforms to the model's schema for this operation and status.
 * The message lists every violation with its JSON pointer.
 */
export function assertMatchesModel(operationId: string, status: number, body: unknown): void {
  const validate = responseValidator(operationId, status);
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .map((e) => `  ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('\n');
    throw new Error(
      `${operationId} ${status} response does not match the model:\n${problems}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/** The default rate and burst in an operation's "Usage Plan" table. */
export function usagePlanFromModel(operationId: string): { rate: number; burst: number } {
  const description = findOperation(operationId).operation.description ?? '';
  const m = /\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|/.exec(
    // "Usage Plan" in most models, "Usage plan" in Finances v2024-06-19.
    description.slice(description.search(/usage plan/i)),
  );
  if (!m?.[1] || !m[2]) throw new Error(`${operationId} has no usage plan table`);
  return { rate: Number(m[1]), burst: Number(m[2]) };
}
