import { DashboardPermalinkPage } from "./dashboard-page";

export default DashboardPermalinkPage;
