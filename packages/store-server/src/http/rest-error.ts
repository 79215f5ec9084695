/**
 * A WordPress `WP_Error` on its way to the client: the body is always
 * `{code, message, data: {status, ...}}` (wire contract §5.5).
 */
export class RestError extends Error {
  override readonly name = 'RestError' as const;
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(
    code: string,
    message: string,
    status: number,
    data: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** The JSON body WordPress would send. */
  toJSON(): WpErrorBody {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

/** WordPress's REST error body. */
export interface WpErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}

/** One rejected request parameter, as WordPress lists it under `data.details`. */
export interface InvalidParam {
  name: string;
  /** e.g. `rest_invalid_type`, `rest_out_of_bounds`, `rest_not_in_enum`. */
  code: string;
  message: string;
}

/** 400 `rest_invalid_param` naming every rejected parameter, like WordPress. */
export function invalidParams(problems: readonly InvalidParam[]): RestError {
  const params: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: null }> = {};
  for (const problem of problems) {
    params[problem.name] = problem.message;
    details[problem.name] = { code: problem.code, message: problem.message, data: null };
  }
  return new RestError(
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    400,
    { params, details },
  );
}

/** 404 for a REST path or method that has no handler (WordPress answers a wrong method this way too). */
export function noRoute(): RestError {
  return new RestError(
    'rest_no_route',
    'No route was found matching the URL and request method.',
    404,
  );
}
