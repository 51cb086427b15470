// Every route of the service, one file per resource.
import type { App } from '../http/app-types.ts';
import type { Service } from '../service.ts';
import { registerAuthenticationRoutes } from './authentication.ts';
import { registerBidsRoutes } from './bids.ts';
import { registerCategoriesRoutes } from './categories.ts';
import { registerFavoritesRoutes } from './favorites.ts';
import { registerFeedbacksRoutes } from './feedbacks.ts';
import { registerImagesRoutes } from './images.ts';
import { registerItemsRoutes } from './items.ts';
import { registerMediaRoutes } from './media.ts';
import { registerOffersRoutes } from './offers.ts';
import { registerOpenApiRoutes } from './openapi.ts';
import { registerPurchasesSalesRoutes } from './purchases-sales.ts';
import { registerQuestionsRoutes } from './questions.ts';
import { registerRootRoutes } from './root.ts';
import { registerSearchRoutes } from './search.ts';
import { registerSellerActivityRoutes } from './seller-activity.ts';
import { registerUsersRoutes } from './users.ts';
import { registerWebPagesRoutes } from './web-pages.ts';

export function registerRoutes(app: App, service: Service): void {
  registerRootRoutes(app, service);
  registerAuthenticationRoutes(app, service);
  registerCategoriesRoutes(app, service);
  registerItemsRoutes(app, service);
  registerSearchRoutes(app, service);
  registerImagesRoutes(app, service);
  registerMediaRoutes(app, service);
  registerUsersRoutes(app, service);
  registerFavoritesRoutes(app, service);
  registerBidsRoutes(app, service);
  registerOffersRoutes(app, service);
  registerQuestionsRoutes(app, service);
  registerFeedbacksRoutes(app, service);
  registerPurchasesSalesRoutes(app, service);
  registerSellerActivityRoutes(app, service);
  registerWebPagesRoutes(app, service);
  registerOpenApiRoutes(app);
}
