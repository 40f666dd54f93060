// /privacy 隐私政策 (SPEC §2 top level): a static page. The seed has no privacy article and a new
// help leaf would shift the seeded category ids, so the policy text lives here.
import { Link } from '@tanstack/react-router';
import styles from './privacy-page.module.css';
import { PageHeader } from '../../ui/page-header';

interface PolicySection {
  title: string;
  paragraphs: readonly string[];
}

export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    title: '一、我们收集的信息',
    paragraphs: [
      '康源医药网是面向药店、诊所等医疗机构的药品批发采购平台。为核实您的采购资质并完成交易，我们会收集以下信息：企业名称、统一社会信用代码、经营地址等企业信息；营业执照、药品经营许可证或医疗机构执业许可证、采购委托书等资质文件；负责人及采购人员的姓名、手机号码、身份证件信息；收货人、收货地址和联系电话。',
      '在您使用平台的过程中，我们还会记录订单、支付、发票、售后及浏览搜索记录，以及设备型号、浏览器类型、IP地址等为保障账号与交易安全所必需的信息。',
    ],
  },
  {
    title: '二、信息的使用',
    paragraphs: [
      '我们仅在以下目的范围内使用您的信息：审核企业与人员资质，履行药品经营企业对购货单位资质审核的法定义务；处理订单、安排配送、开具发票和办理退换货；按规定登记含麻黄碱类复方制剂等特殊药品的购买信息并报送流向；为您提供客户服务、价格与活动通知；防范欺诈、盗号等风险。超出上述范围使用信息前，我们会另行征得您的同意。',
    ],
  },
  {
    title: '三、信息的共享与披露',
    paragraphs: [
      '我们不会出售您的信息。仅在完成交易所必需时，向承运物流企业提供收货信息，向支付机构提供支付所需信息，向税务系统提供开票信息；在药品监督管理部门等有权机关依法要求时，按规定提供相关资质、购销及流向记录。我们会要求合作方按照不低于本政策的标准保护您的信息。',
    ],
  },
  {
    title: '四、信息的存储与保护',
    paragraphs: [
      '您的信息存储于中华人民共和国境内。我们采用传输加密、密码加盐散列存储、访问权限控制和操作日志等措施保护信息安全。药品购销记录及资质档案按照《药品经营质量管理规范》的要求保存，其余信息在实现目的所需的最短期限内保存，期满后删除或匿名化处理。',
    ],
  },
  {
    title: '五、您的权利',
    paragraphs: [
      '您可以在会员中心查询、更正企业信息、收货地址和联系方式；资质文件变更后请及时重新上传，由我们重新审核。您可以申请注销账号，但依法须保存的交易记录和资质档案将在保存期限届满后删除。',
    ],
  },
  {
    title: '六、联系我们',
    paragraphs: [
      '如您对本政策或个人信息处理有任何疑问、意见或投诉，请拨打客服热线400-800-1234，或通过帮助中心“投诉建议”页面与我们联系，我们将在15个工作日内答复。本政策更新时，我们会在网站显著位置公告。',
    ],
  },
];

export default function PrivacyPage() {
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <PageHeader
        titleId="privacy-title"
        title="隐私政策"
        actions={
          <Link to="/help" className={styles.link}>
            帮助中心
          </Link>
        }
      />
      <div className={styles.body}>
        <p className={styles.lead}>
          康源医药网（以下简称“我们”）深知个人信息和企业信息对您的重要性，并会尽力保护您的信息安全。请您在注册和使用本平台前仔细阅读本政策。
        </p>
        {PRIVACY_SECTIONS.map((section) => (
          <section key={section.title} className={styles.section}>
            <h2 className={styles.sectionTitle}>{section.title}</h2>
            {section.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
