// The registration flows' steps and URLs (SPEC §2 /register/step1-3, /register/dd/step1-3).
export const REGISTER_STEPS = ['填写账户信息', '完善企业资料', '等待资质审核'] as const;
export const STORE_STEPS = ['创建门店账号', '上传门店资质', '等待资质审核'] as const;

export const storeStep2Href = (storeId: number) => `/register/dd/step2?store_id=${storeId}`;
export const storeStep3Href = (storeId: number) => `/register/dd/step3?store_id=${storeId}`;
