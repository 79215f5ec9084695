import { data } from 'react-router';

/** The body types an HTML form posts: every storefront action reads one of these. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** Methods that carry no body to an action. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface FormBodyRefusal {
  status: 400 | 415;
  title: string;
  message: string;
}

/**
 * Why a request to the app (not a store path) cannot be a form submission, or null when it
 * can: the host server answers these before React Router runs an action (finding 7 of issue 13:
 * a JSON or text/plain body once made `request.formData()` throw, a 500). A body-carrying
 * method needs an urlencoded or multipart body (multipart with its boundary).
 */
export function unacceptableFormBody(
  method: string,
  contentType: string | undefined,
): FormBodyRefusal | null {
  if (READ_METHODS.has(method.toUpperCase())) return null;
  const [essence = '', ...parameters] = (contentType ?? '').split(';');
  const type = essence.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    return {
      status: 415,
      title: 'Unsupported Media Type',
      message: 'This page accepts form submissions only.',
    };
  }
  if (
    type === 'multipart/form-data' &&
    !parameters.some((parameter) => parameter.trim().toLowerCase().startsWith('boundary='))
  ) {
    return { status: 400, title: 'Bad Request', message: 'The form data has no boundary.' };
  }
  return null;
}

/**
 * The posted form of an action; a body that is not one (malformed multipart, a body type the
 * host server did not check, e.g. under the development server's Vite middleware) is a 400.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data('The form data could not be read.', { status: 400 });
  }
}
