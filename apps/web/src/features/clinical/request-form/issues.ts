/** A field's errors as the form shows them. */
export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

/** A schema issue, as zod reports it (the part the messages read). */
export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}
