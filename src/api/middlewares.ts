import {
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import {
  AdminCreatePlategaExport,
  AdminListPlategaExports,
  AdminPlategaFileQuery,
} from "./admin/platega/exports/validators"

export default defineMiddlewares({
  routes: [
    {
      // The callback route reads its own body, after checking the headers: a forged call gets 401
      // whatever it sends, and an unparsable one from Platega gets a 400 from our own parser.
      matcher: "/hooks/platega",
      method: ["POST"],
      bodyParser: false,
    },
    {
      matcher: "/admin/platega/exports",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreatePlategaExport)],
    },
    {
      matcher: "/admin/platega/exports",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListPlategaExports, {})],
    },
    {
      matcher: "/admin/platega/exports/:id/platega-file",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminPlategaFileQuery, {})],
    },
  ],
})
