// The favorites module's public entry (its routes are registered by app.ts from favorite.routes.ts): the personal-data export and erasure (privacy).
export { favoritePersonalData } from './favorite-personal-data.repository.ts';
