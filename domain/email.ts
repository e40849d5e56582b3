/** An e-mail address as the forms accept it, and what they say when one is not (docs/product.md §5). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EMAIL_MESSAGE = "Please enter a valid email address.";
