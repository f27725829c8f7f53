//! The budget planner: how many students a budget covers, and the credit per student it takes,
//! when every student is planned at a chosen percentile of the per-student cost.

use serde::Serialize;

/// The planner's answer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BudgetPlan {
    /// Cost per student planned for (US dollars per student): the chosen percentile.
    pub per_student_usd: f64,
    /// Students the budget covers (whole students).
    pub students_covered: f64,
    /// Credit each student needs so that this share of students is fully covered (US dollars).
    pub credit_per_student_usd: f64,
}

/// Plans `budget_usd` for students who each cost `per_student_usd` (a percentile of the spread).
pub fn plan_budget(budget_usd: f64, per_student_usd: f64) -> BudgetPlan {
    let students_covered = if per_student_usd > 0.0 {
        (budget_usd / per_student_usd).floor()
    } else {
        0.0
    };
    BudgetPlan {
        per_student_usd,
        students_covered,
        credit_per_student_usd: per_student_usd,
    }
}
