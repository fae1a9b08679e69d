/** An image refused, with a reason the person who sent it can act on. */
export class ImageRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImageRefused';
  }
}
