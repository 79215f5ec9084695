import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { RestError, invalidParams, type InvalidParam } from './rest-error';

/**
 * A route's arguments declared as JSON Schema, the way WordPress's `register_rest_route` `args`
 * declare them, and read in one place that answers WordPress's own errors: first 400
 * `rest_missing_callback_param` naming every absent required argument, then 400
 * `rest_invalid_param` with `params` and `details` for every argument that does not validate.
 *
 * Query strings and form fields arrive as text. Each value is first read as WordPress reads it
 * for its declared type (`"12"` → 12, `"true"`/`"1"` → true, `"1,2"` → [1, 2] for an array), then
 * validated by Ajv against the schema (bounds, enums, lengths, item types).
 */
export type ArgSpec =
  | IntegerArg
  | StringArg
  | BooleanArg
  | (Common & {
      type: 'array';
      items: { type: 'integer' | 'string'; enum?: readonly string[] };
    });

interface Common {
  required?: boolean;
  /** An empty value counts as not sent (WooCommerce's price filters ignore `min_price=`). */
  emptyIsAbsent?: boolean;
  /** The message for any problem with this argument, when the route's wording differs from WordPress's. */
  message?: string;
}
interface IntegerArg extends Common {
  type: 'integer';
  minimum?: number;
  maximum?: number;
}
interface StringArg extends Common {
  type: 'string';
  enum?: readonly string[];
  /** A linear pattern (the value is bounded by `maxLength` or by the request's size). */
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}
interface BooleanArg extends Common {
  type: 'boolean';
  /** Read `''` as false (WordPress's `rest_sanitize_boolean` does for query flags). */
  emptyIsFalse?: boolean;
}

type ValueOf<S extends ArgSpec> = S extends { type: 'integer' }
  ? number
  : S extends { type: 'string'; enum: readonly (infer E)[] }
    ? E
    : S extends { type: 'string' }
      ? string
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'array'; items: { type: 'integer' } }
          ? number[]
          : string[];

/** The arguments a route gets: required ones always present, the others when sent. */
export type ArgsOf<A extends Record<string, ArgSpec>> = {
  [K in keyof A as A[K] extends { required: true } ? K : never]: ValueOf<A[K]>;
} & {
  [K in keyof A as A[K] extends { required: true } ? never : K]?: ValueOf<A[K]>;
};

const ajv = new Ajv({ allErrors: false, strict: true });
const NOT_READ = Symbol('not read');

/** An integer as WordPress's schema validation reads one: a JSON integer, or digits in text. */
function readInteger(value: unknown): number | typeof NOT_READ {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NOT_READ;
  if (typeof value !== 'string') return NOT_READ;
  const text = value.trim();
  // Any number of digits, as PHP's `is_numeric`: a huge page is a page past the end (callers
  // that need exact ids bound them, and an id past PostgreSQL's range matches nothing).
  if (text.length === 0) return NOT_READ;
  const digits = text.startsWith('-') ? text.slice(1) : text;
  if (digits.length === 0) return NOT_READ;
  for (const char of digits) if (char < '0' || char > '9') return NOT_READ;
  return Number(text);
}

function readBoolean(value: unknown, emptyIsFalse: boolean): boolean | typeof NOT_READ {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return NOT_READ;
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0' || (emptyIsFalse && text === '')) return false;
  return NOT_READ;
}

/** The value as its declared type, or `NOT_READ` (a type error, or an item's type error). */
function read(spec: ArgSpec, value: unknown): unknown {
  switch (spec.type) {
    case 'integer':
      return readInteger(value);
    case 'boolean':
      return readBoolean(value, spec.emptyIsFalse ?? false);
    case 'string':
      return typeof value === 'string' ? value : NOT_READ;
    case 'array': {
      // WordPress's `wp_parse_list`: an array as sent, or a comma-separated string.
      const items = Array.isArray(value)
        ? (value as unknown[])
        : typeof value === 'string'
          ? value
              .split(',')
              .map((item) => item.trim())
              .filter((item) => item !== '')
          : undefined;
      if (items === undefined) return NOT_READ;
      return spec.items.type === 'integer'
        ? items.map((item) => {
            const read = readInteger(item);
            return read === NOT_READ ? item : read;
          })
        : items;
    }
  }
}

/** The JSON Schema Ajv checks a read value against. */
function schemaOf(spec: ArgSpec): object {
  const {
    required: _required,
    message: _message,
    ...schema
  } = spec as ArgSpec & {
    emptyIsFalse?: boolean;
  };
  delete (schema as { emptyIsFalse?: boolean }).emptyIsFalse;
  delete (schema as { emptyIsAbsent?: boolean }).emptyIsAbsent;
  return schema;
}

/** WordPress's words for what Ajv found (`rest_validate_value_from_schema`). */
function problemOf(
  name: string,
  spec: ArgSpec,
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'>,
): InvalidParam {
  const problem = wordpressProblem(name, spec, error);
  return spec.message === undefined ? problem : { ...problem, message: spec.message };
}

function wordpressProblem(
  name: string,
  spec: ArgSpec,
  error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'>,
): InvalidParam {
  const where = error.instancePath === '' ? name : `${name}[${error.instancePath.slice(1)}]`;
  switch (error.keyword) {
    case 'enum':
      return {
        name,
        code: 'rest_not_in_enum',
        message: `${where} is not one of ${(error.params as { allowedValues: string[] }).allowedValues.join(', ')}.`,
      };
    case 'minimum':
    case 'maximum': {
      const { minimum, maximum } = spec as IntegerArg;
      return {
        name,
        code: 'rest_out_of_bounds',
        message:
          minimum !== undefined && maximum !== undefined
            ? `${where} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`
            : minimum !== undefined
              ? `${where} must be greater than or equal to ${minimum}`
              : `${where} must be less than or equal to ${maximum}`,
      };
    }
    case 'pattern':
      return {
        name,
        code: 'rest_invalid_pattern',
        message: `${where} does not match pattern ${(error.params as { pattern: string }).pattern}.`,
      };
    case 'minLength':
      return {
        name,
        code: 'rest_too_short',
        message: `${where} must be at least ${(error.params as { limit: number }).limit} characters long.`,
      };
    case 'maxLength':
      return {
        name,
        code: 'rest_too_long',
        message: `${where} must be at most ${(error.params as { limit: number }).limit} characters long.`,
      };
    default: {
      const type = (error.params as { type?: string }).type ?? spec.type;
      return {
        name,
        code: 'rest_invalid_type',
        message: `${where} is not of type ${type}.`,
      };
    }
  }
}

/** A route's declared arguments, compiled once. */
export interface RouteArgs<A extends Record<string, ArgSpec>> {
  readonly specs: A;
  /**
   * Reads the arguments from the request's parameters (query overlaid by body).
   *
   * @throws {RestError} 400 `rest_missing_callback_param`, then 400 `rest_invalid_param`
   */
  read(params: Readonly<Record<string, unknown>>): ArgsOf<A>;
}

/**
 * Declares a route's arguments. Compiles each schema once, at start.
 *
 * @example
 * const ADD_ITEM = defineArgs({ id: { type: 'integer', required: true, minimum: 1 } });
 * const { id } = ADD_ITEM.read(requestParams(request)); // id: number
 */
export function defineArgs<const A extends Record<string, ArgSpec>>(specs: A): RouteArgs<A> {
  const compiled: [string, ArgSpec, ValidateFunction][] = Object.entries(specs).map(
    ([name, spec]) => [name, spec, ajv.compile(schemaOf(spec))],
  );
  return {
    specs,
    read(params) {
      const missing = compiled
        .filter(
          ([name, spec]) =>
            spec.required === true &&
            (isAbsent(params[name]) || (spec.emptyIsAbsent === true && params[name] === '')),
        )
        .map(([name]) => name);
      if (missing.length > 0) {
        throw new RestError(
          'rest_missing_callback_param',
          `Missing parameter(s): ${missing.join(', ')}`,
          400,
          { params: missing },
        );
      }
      const result: Record<string, unknown> = {};
      const problems: InvalidParam[] = [];
      for (const [name, spec, validate] of compiled) {
        const raw = params[name];
        if (raw === undefined || raw === null) continue;
        if (spec.emptyIsAbsent === true && raw === '') continue;
        const value = read(spec, raw);
        if (value === NOT_READ) {
          problems.push(
            problemOf(name, spec, {
              keyword: 'type',
              instancePath: '',
              params: { type: spec.type },
            }),
          );
          continue;
        }
        if (!validate(value)) {
          problems.push(problemOf(name, spec, validate.errors![0]!));
          continue;
        }
        result[name] = value;
      }
      if (problems.length > 0) throw invalidParams(problems);
      return result as ArgsOf<A>;
    },
  };
}

/** WordPress treats a parameter that was not sent (or sent as JSON `null`) as missing. */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}
